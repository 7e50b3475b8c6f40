import { z } from "zod";
import { PasswordSchema } from "#domain/auth/account-forms.ts";

// Who is on an account and what each role may do. Admins run the team (invite, change roles,
// remove); members do the company's work; drivers see just the loads they drive. Carriers and
// shippers alike have drivers: many UK retailers and manufacturers run a fleet of their own besides
// hiring hauliers. An account always keeps at least one admin.

export type TeamRole = "admin" | "member" | "driver";

export const ROLE_LABELS: Record<TeamRole, string> = { admin: "Admin", member: "Member", driver: "Driver" };
export const ROLE_HINTS: Record<TeamRole, string> = {
  admin: "Everything a member does, and invites, removes and changes the roles of people on the account",
  member: "Posts jobs or places quotes, runs loads and talks to the other side",
  driver: "Sees only the loads they drive, shares their position and records deliveries, on their phone",
};

/** The roles people on this kind of account can have: the team page offers these and the server accepts only these. */
export function rolesFor(accountKind: string): TeamRole[] {
  return accountKind === "carrier" || accountKind === "shipper" ? ["admin", "member", "driver"] : ["admin", "member"];
}

export const mayManageTeam = (role: string) => role === "admin";

/**
 * Whether this person acts for a company of this kind: its office (admins and members), not its
 * drivers, who see only the loads they drive (a shipper's drivers never see its jobs or quotes).
 */
export function isOfficeOf(kind: "shipper" | "carrier", person: { role: string; account: { kind: string } }): boolean {
  return person.account.kind === kind && person.role !== "driver";
}

/** The office's roles, for a database query: the same rule as isOfficeOf (everyone but drivers). */
export const OFFICE_ROLES = ["admin", "member"] as const;

/** Whether this person works in the office of that very company (`accountId`, of this kind). */
export function inOfficeOf(kind: "shipper" | "carrier", accountId: number | null | undefined, person: { accountId: number; role: string; account: { kind: string } }): boolean {
  return isOfficeOf(kind, person) && person.accountId === accountId;
}

/** The two office questions a page asks of whoever is signed in, answered once for every template. */
export function officeOf(person: { role: string; account: { kind: string } } | null | undefined): { carrier: boolean; shipper: boolean } {
  return { carrier: Boolean(person && isOfficeOf("carrier", person)), shipper: Boolean(person && isOfficeOf("shipper", person)) };
}

/** An invitation link works for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export const LAST_ADMIN = "Every account needs an admin: make someone else an admin first";

/** Whether taking `role` away from an admin leaves the account without one. */
export function leavesNoAdmin(target: { role: string }, nextRole: string | null, admins: number): boolean {
  return target.role === "admin" && nextRole !== "admin" && admins <= 1;
}

const roleOf = (accountKind: string) =>
  z.string({ error: "Choose a role" }).refine((role): role is TeamRole => (rolesFor(accountKind) as string[]).includes(role), { error: "Choose a role from the list" });

export const invitationSchema = (accountKind: string) =>
  z.object({
    name: z.string({ error: "Enter their name" }).trim().min(1, "Enter their name").max(120, "Name is too long"),
    email: z
      .string({ error: "Enter their email address" })
      .trim()
      .toLowerCase()
      .min(1, "Enter their email address")
      .max(254, "Email address is too long")
      .pipe(z.email("Enter an email address like name@company.co.uk")),
    role: roleOf(accountKind),
  });
export type InvitationInput = z.output<ReturnType<typeof invitationSchema>>;

export const roleChangeSchema = (accountKind: string) => z.object({ role: roleOf(accountKind) });

export const AcceptInvitationSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(120, "Name is too long"),
  password: PasswordSchema,
});

export function invitationLetter(f: { name: string; inviter: string; company: string; role: TeamRole; link: string }) {
  return {
    subject: `${f.inviter} invited you to ${f.company} on Loadline`,
    text:
      `Hello ${f.name},\n\n${f.inviter} has invited you to join ${f.company} on Loadline as ${ROLE_LABELS[f.role].toLowerCase()}.\n\n` +
      `Accept the invitation and choose a password here:\n\n${f.link}\n\nThe link works for 7 days. If you were not expecting it, ignore this email.\n`,
  };
}
