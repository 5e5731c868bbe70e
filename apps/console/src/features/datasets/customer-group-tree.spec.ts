import { describe, expect, it } from '@jest/globals';
import { allNodes, customerGroupTree, moveTargets, visibleNodes, type GroupNode } from './customer-group-tree';
import { aGroup, DEMO_GROUPS } from './testing/fake-customer-groups-server';

const outline = (nodes: readonly GroupNode[]) => nodes.map((node) => `${'-'.repeat(node.level - 1)}${node.group.name}`);

describe('customer group tree', () => {
  it('puts the top group first and each group’s children under it in name order, at any depth', () => {
    const groups = [...DEMO_GROUPS, aGroup('bergen', 'Bergen', 'oslo'), aGroup('alta', 'Alta', 'north')];

    expect(outline(allNodes(customerGroupTree(groups)))).toEqual([
      'Demo Organisation',
      '-North Region',
      '--Alta',
      '--Oslo',
      '---Bergen',
      '-South Region',
    ]);
  });

  it('starts from the caller’s own group when its parent is out of their reach', () => {
    const groups = [aGroup('north', 'North Region', 'root'), aGroup('oslo', 'Oslo', 'north')];

    expect(outline(allNodes(customerGroupTree(groups)))).toEqual(['North Region', '-Oslo']);
  });

  it('places a group once even if the list loops', () => {
    const groups = [aGroup('root', 'Root', null), aGroup('a', 'A', 'b'), aGroup('b', 'B', 'a')];

    expect(outline(allNodes(customerGroupTree(groups)))).toEqual(['Root']);
  });

  it('leaves out the groups under a collapsed group', () => {
    expect(outline(visibleNodes(customerGroupTree(DEMO_GROUPS), new Set(['north'])))).toEqual([
      'Demo Organisation',
      '-North Region',
      '-South Region',
    ]);
  });

  it.each<[string, string[]]>([
    ['north', ['South Region']],
    ['oslo', ['Demo Organisation', 'South Region']],
    ['south', ['North Region', 'Oslo']],
    ['root', []],
  ])('offers %s every target but itself, its descendants and its present parent', (id, targets) => {
    expect(moveTargets(DEMO_GROUPS, id).map((node) => node.group.name)).toEqual(targets);
  });
});
