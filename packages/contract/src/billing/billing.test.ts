import { describe, expect, it } from 'vitest'
import {
  TEAM_MEMBER_ROLES,
  seatsForMembersText,
  teamInvitationCreateSchema,
  teamMemberRolesFor,
} from './billing.ts'

describe('team member roles', () => {
  it('offers each organisation only the member role it can hold', () => {
    expect(teamMemberRolesFor('ACO')).toEqual(['ACO_USER'])
    expect(teamMemberRolesFor('PHYSICIAN_GROUP')).toEqual(['PHYSICIAN_USER'])
    expect(teamMemberRolesFor('FQHC')).toEqual(['PHYSICIAN_USER'])
    expect(teamMemberRolesFor('INSURANCE_AGENCY')).toEqual(['AGENT_USER'])
    expect(teamMemberRolesFor('INDIVIDUAL')).toEqual([])
    expect(teamMemberRolesFor(null)).toEqual([])
    expect(TEAM_MEMBER_ROLES).toHaveLength(3)
  })

  it('still asks for a role and an email on the invitation', () => {
    expect(teamInvitationCreateSchema.safeParse({ email: 'a@b.org', role: '' }).success).toBe(false)
    expect(teamInvitationCreateSchema.safeParse({ email: 'a@b.org', role: 'ACO_USER' }).success).toBe(true)
  })
})

describe('seats for a team that already has people', () => {
  it('says how many seats its members and invitations already hold', () => {
    expect(seatsForMembersText(1)).toBe(
      'Your team already has 1 member or invitation: choose at least 1 seat',
    )
    expect(seatsForMembersText(3)).toBe(
      'Your team already has 3 members and invitations: choose at least 3 seats',
    )
  })
})
