import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it } from '@jest/globals';
import { ROOT_PERMISSIONS } from '@beacon/domain';
import { visibleMenu } from '@beacon/contracts';
import { subjectFor } from '@beacon/contracts/testing';
import { useMenuState } from './use-menu-state';

const menu = visibleMenu(subjectFor('ADMIN', { rootPermissions: ROOT_PERMISSIONS }));

function renderMenuState(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(() => ({ menu: useMenuState(menu), navigate: useNavigate() }), { wrapper });
}

describe('useMenuState', () => {
  it('keeps the previous active item on a page the menu does not list', async () => {
    const { result } = renderMenuState('/message_sending');
    expect(result.current.menu.activeKey).toBe('sendMessage');

    await act(() => result.current.navigate('/user_import_on_call'));

    expect(result.current.menu.activeKey).toBe('sendMessage');
  });

  it('opens the section of each new route and keeps the ones the user opened', async () => {
    const { result } = renderMenuState('/');
    act(() => result.current.menu.toggleGroup('manageIntegrations'));

    await act(() => result.current.navigate('/incidents/reports'));

    expect(result.current.menu.activeKey).toBe('incidentReports');
    expect(result.current.menu.isOpen('incidents')).toBe(true);
    expect(result.current.menu.isOpen('manageIntegrations')).toBe(true);
    expect(result.current.menu.isOpen('messages')).toBe(false);
  });

  it('lets the user close the section of the current route', () => {
    const { result } = renderMenuState('/message/sessions');
    expect(result.current.menu.isOpen('messages')).toBe(true);

    act(() => result.current.menu.toggleGroup('messages'));

    expect(result.current.menu.isOpen('messages')).toBe(false);
  });

  it('makes a chosen item active', () => {
    const { result } = renderMenuState('/');
    act(() => result.current.menu.activate('activityLog'));
    expect(result.current.menu.activeKey).toBe('activityLog');
  });
});
