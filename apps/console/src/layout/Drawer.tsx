import styled from 'styled-components';
import { SessionContext } from '../session/session-context';
import { selectTimezone, selectVersionNumber } from '../session/session.selectors';
import { MainMenu } from './MainMenu';
import { PushNotificationsSwitch } from './PushNotificationsSwitch';

interface DrawerProps {
  id: string;
  hidden: boolean;
  onNavigate: () => void;
}

/** The left drawer: the permission-filtered menu, this browser's notifications switch, the user's timezone and the version number. */
export function Drawer({ id, hidden, onNavigate }: DrawerProps) {
  const versionNumber = SessionContext.useSelector(selectVersionNumber);
  const timezone = SessionContext.useSelector(selectTimezone);
  return (
    <Panel id={id} hidden={hidden}>
      <MainMenu onNavigate={onNavigate} />
      <Footer>
        <PushNotificationsSwitch />
        <p>Timezone: {timezone}</p>
        <p>Version {versionNumber}</p>
      </Footer>
    </Panel>
  );
}

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  width: ${({ theme }) => theme.drawerWidthPx}px;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};

  &[hidden] {
    display: none;
  }
`;

const Footer = styled.div`
  margin-top: auto;
  padding: 12px 16px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 4px 0;
  }
`;
