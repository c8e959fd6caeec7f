// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { organizationInitial, scopeOrganization } from './orgScope';

describe('scopeOrganization', () => {
  it('takes the first organization of the membership map first', () => {
    expect(
      scopeOrganization(
        { userId: 'u1', organizations: [{ orgId: 'b', orgName: 'Beta' }] },
        { memberships: [{ orgId: 'a', orgName: 'Acme' }] },
      ),
    ).toEqual({ orgId: 'a', orgName: 'Acme', isStandIn: false });
  });
  it('falls back to the first organization on the user object', () => {
    expect(
      scopeOrganization({ userId: 'u1', organizations: [{ orgId: 'b', orgName: 'Beta' }] }),
    ).toEqual({ orgId: 'b', orgName: 'Beta', isStandIn: false });
  });
  it("uses 'My Organization' when the organization has no name", () => {
    expect(scopeOrganization({ userId: 'u1', organizations: [{ orgId: 'b' }] }).orgName).toBe(
      'My Organization',
    );
  });
  it("stands in with the user id and 'Single User Workspace' when there is none", () => {
    expect(scopeOrganization({ userId: 'u1', organizations: [] })).toEqual({
      orgId: 'u1',
      orgName: 'Single User Workspace',
      isStandIn: true,
    });
  });
  it('opens the chosen organization while the user belongs to it; else the first', () => {
    const user = {
      userId: 'u1',
      organizations: [
        { orgId: 'a', orgName: 'Acme' },
        { orgId: 'b', orgName: 'Beta' },
      ],
    };
    expect(scopeOrganization(user, {}, 'b')).toEqual({
      orgId: 'b',
      orgName: 'Beta',
      isStandIn: false,
    });
    expect(scopeOrganization(user, {}, 'gone').orgId).toBe('a');
    expect(scopeOrganization(user, {}, null).orgId).toBe('a');
  });
  it('computes the navbar initial', () => {
    expect(organizationInitial('acme corp')).toBe('A');
    expect(organizationInitial('')).toBe('M');
  });
});
