import { describe, expect, it } from 'vitest';
import { staffPanelIcons } from './staff-panel-icons';
import { staffPanels } from './staff-panels';

describe('the staff menu icons', () => {
  it('are one for each panel, by its path', () => {
    expect(Object.keys(staffPanelIcons).sort()).toEqual(staffPanels.map((panel) => panel.path).sort());
  });
});
