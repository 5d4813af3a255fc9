import { describe, expect, it } from 'vitest';
import { defaultRemoteConfig, type Permission } from '@copro/domain';
import type { ShellTab } from './building-modules';
import { pageBlock, sectionTarget, tabOfPath, tabState, type TabConditions } from './tab-rules';

const conditions = (overrides: Partial<TabConditions> = {}): TabConditions => ({
  permissions: ['building.view', 'finance.read'] as Permission[],
  flags: defaultRemoteConfig.featureFlags,
  isMobile: false,
  creatingFiscalYear: false,
  ...overrides,
});

const checks: ShellTab = {
  section: 'payments',
  path: 'payments/checks',
  labelKey: 'x',
  desktopOnly: true,
  permission: 'finance.read',
};
const approval: ShellTab = {
  section: 'payments',
  path: 'payments/approval',
  labelKey: 'x',
  permission: 'approval.view',
  flag: 'ai',
};
const budget: ShellTab = {
  section: 'accounting',
  path: 'categories/budget',
  labelKey: 'x',
  blockedWhileCreatingFiscalYear: true,
};
const logs: ShellTab = {
  section: 'administration',
  path: 'admin/logs',
  labelKey: 'x',
  flag: 'logsDisplay',
  permission: 'logs.read',
};

describe('SPEC 2 tab rules', () => {
  it('hides a desktop-only tab below the breakpoint, and its page says to use a wider window', () => {
    expect(tabState(checks, conditions())).toBe('shown');
    expect(tabState(checks, conditions({ isMobile: true }))).toBe('hidden');
    expect(pageBlock(checks, conditions({ isMobile: true }))).toBe('screenTooSmall');
  });

  it('disables a tab while a fiscal year is being created, and its page says so', () => {
    expect(tabState(budget, conditions({ creatingFiscalYear: true }))).toBe('disabled');
    expect(pageBlock(budget, conditions({ creatingFiscalYear: true }))).toBe('fiscalYearBeingCreated');
    expect(pageBlock(budget, conditions())).toBeNull();
  });

  it('a missing permission hides the tab and its page says so; a flag off makes the area not exist', () => {
    expect(
      tabState(logs, conditions({ flags: { ...defaultRemoteConfig.featureFlags, logsDisplay: true } })),
    ).toBe('hidden');
    expect(
      pageBlock(logs, conditions({ flags: { ...defaultRemoteConfig.featureFlags, logsDisplay: true } })),
    ).toBe('missingPermission');
    expect(pageBlock(logs, conditions())).toBe('notFound');
  });

  it('checks the flag before the permission, then the screen, then the fiscal year', () => {
    const everything: ShellTab = { ...budget, flag: 'files', permission: 'logs.read', desktopOnly: true };
    expect(pageBlock(everything, conditions({ isMobile: true, creatingFiscalYear: true }))).toBe('notFound');
    const flagsOn = { ...defaultRemoteConfig.featureFlags, files: true };
    expect(
      pageBlock(everything, conditions({ flags: flagsOn, isMobile: true, creatingFiscalYear: true })),
    ).toBe('missingPermission');
    const allowed = conditions({
      flags: flagsOn,
      permissions: ['logs.read'],
      isMobile: true,
      creatingFiscalYear: true,
    });
    expect(pageBlock(everything, allowed)).toBe('screenTooSmall');
    expect(pageBlock(everything, { ...allowed, isMobile: false })).toBe('fiscalYearBeingCreated');
  });

  it('payments go to checks on a computer and to approval on a phone (SPEC 2)', () => {
    const approvalOn: ShellTab = { ...approval, flag: undefined, phoneEntry: true };
    const deposits: ShellTab = { section: 'payments', path: 'payments/deposits', labelKey: 'x' };
    const withApproval = conditions({ permissions: ['finance.read', 'approval.view'] });
    const tabs = [checks, deposits, approvalOn];
    expect(sectionTarget('payments', tabs, withApproval)?.path).toBe('payments/checks');
    // Deposits comes before approval and fits a phone, but approval is the phone's entry.
    expect(sectionTarget('payments', tabs, { ...withApproval, isMobile: true })?.path).toBe(
      'payments/approval',
    );
    // Without the approval permission, a phone opens the first tab it can show.
    expect(
      sectionTarget('payments', tabs, conditions({ permissions: ['finance.read'], isMobile: true }))?.path,
    ).toBe('payments/deposits');
    expect(sectionTarget('payments', [approval], withApproval)).toBeUndefined();
  });

  it('finds the tab of a page by the longest path prefix; the empty path is the dashboard', () => {
    const tabs = [{ path: 'dashboard' }, { path: 'admin' }, { path: 'admin/users' }];
    expect(tabOfPath('admin/users/abc', tabs)?.path).toBe('admin/users');
    expect(tabOfPath('', tabs)?.path).toBe('dashboard');
    expect(tabOfPath('units', tabs)).toBeUndefined();
  });
});
