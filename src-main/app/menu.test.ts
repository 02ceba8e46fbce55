import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../src-shared/api-methods';
import { applicationMenuTemplate, type MenuEntry } from './menu';

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.submenu ?? [])]);
}

describe('applicationMenuTemplate', () => {
  const sent: MenuCommand[] = [];
  const reopened: string[] = [];
  const template = applicationMenuTemplate(
    { send: (c) => sent.push(c), openRecent: (p) => reopened.push(p) },
    ['/docs/a.pdf', '/docs/b.md'],
    false,
  );
  const byLabel = (label: string) => flatten(template).find((entry) => entry.label === label)!;

  it('binds Open, Export and Compare to their shortcuts and commands', () => {
    expect(byLabel('Open…').accelerator).toBe('CmdOrCtrl+O');
    expect(byLabel('Export Chunks…').accelerator).toBe('CmdOrCtrl+S');
    expect(byLabel('Compare A / B').accelerator).toBe('CmdOrCtrl+D');
    byLabel('Open…').click!();
    byLabel('Export Chunks…').click!();
    byLabel('Compare A / B').click!();
    expect(sent).toEqual(['open', 'export', 'toggle-compare']);
  });

  it('lists recent files by name and reopens them by path', () => {
    const recent = byLabel('Open Recent').submenu!;
    expect(recent.map((entry) => entry.label)).toEqual(['a.pdf', 'b.md']);
    recent[1]!.click!();
    expect(reopened).toEqual(['/docs/b.md']);
  });

  it('shows a disabled entry when there are no recent files, and the app menu only on macOS', () => {
    const empty = applicationMenuTemplate({ send: () => undefined, openRecent: () => undefined }, [], true);
    const recent = flatten(empty).find((entry) => entry.label === 'Open Recent')!.submenu!;
    expect(recent).toEqual([{ label: 'No recent files', enabled: false }]);
    expect(empty[0]).toEqual({ role: 'appMenu' });
    expect(template[0]!.label).toBe('File');
  });
});
