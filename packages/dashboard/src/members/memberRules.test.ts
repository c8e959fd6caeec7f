import { describe, expect, it } from 'vitest';
import { inviteLink, inviteRoles, memberActions, primaryRole, reasons } from './memberRules';

describe('memberActions', () => {
  it('given a member viewer › nothing is possible, with the reason', () => {
    expect(memberActions('member', { role: 'member' }, 1)).toEqual({
      roleChoices: [],
      canChangeRole: false,
      canRemove: false,
      reason: reasons.manage,
    });
  });
  it('given an admin › manages members and admins but not an owner', () => {
    expect(memberActions('admin', { role: 'member' }, 1).roleChoices).toEqual(['admin', 'member']);
    expect(memberActions('admin', { role: 'owner' }, 2).reason).toBe(reasons.ownerRole);
  });
  it('given an owner › may grant owner; the only owner cannot be changed', () => {
    expect(memberActions('owner', { role: 'admin' }, 1).roleChoices).toEqual([
      'owner',
      'admin',
      'member',
    ]);
    expect(memberActions('owner', { role: 'owner' }, 1).reason).toBe(reasons.lastOwner);
    expect(memberActions('owner', { role: 'owner' }, 2).canRemove).toBe(true);
  });
});

describe('leaving (the viewer’s own row)', () => {
  it('given a member › may leave, though not change their role', () => {
    expect(memberActions('member', { role: 'member' }, 1, true)).toEqual({
      roleChoices: [],
      canChangeRole: false,
      canRemove: true,
      reason: reasons.manage,
    });
  });
  it('given the only owner › may not leave, with the reason; one of two owners may', () => {
    expect(memberActions('owner', { role: 'owner' }, 1, true)).toMatchObject({
      canRemove: false,
      reason: reasons.lastOwner,
    });
    expect(memberActions('owner', { role: 'owner' }, 2, true).canRemove).toBe(true);
    expect(memberActions('admin', { role: 'admin' }, 1, true).canRemove).toBe(true);
  });
});

describe('inviteRoles, primaryRole, inviteLink', () => {
  it('an admin cannot invite an owner; a member invites no one', () => {
    expect(inviteRoles('owner')).toEqual(['member', 'admin', 'owner']);
    expect(inviteRoles('admin')).toEqual(['member', 'admin']);
    expect(inviteRoles('member')).toEqual([]);
  });
  it('reads the strongest of several roles', () => {
    expect(primaryRole('member,admin')).toBe('admin');
    expect(primaryRole(null)).toBe('member');
  });
  it('joins the origin and the path once', () => {
    expect(inviteLink('https://p.example/', '/invite/abc')).toBe('https://p.example/invite/abc');
  });
});
