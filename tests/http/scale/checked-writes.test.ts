import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { MAX_SEARCHES_PER_USER, savedFilters } from "#domain/jobs/saved-search.ts";
import { createSavedSearch } from "#models/saved-searches.server.ts";
import { acceptInvitation, invite } from "#models/team/invitations.server.ts";
import { saveComplianceDocument } from "#models/compliance.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { COMPLIANCE_SCHEMAS } from "#domain/compliance/documents.ts";
import { invitationSchema } from "#domain/accounts/team.ts";
import { createCarrier } from "../../support/fixtures.ts";

// Writes that check something first ("fewer than 20 searches", "invitation not yet used") hold when
// the same request arrives many times at once, as from several processes on PostgreSQL.

/** `run` started n times at once. */
const times = <T>(n: number, run: (i: number) => Promise<T>): Promise<T>[] => Array.from({ length: n }, (_, i) => run(i));
const filters = savedFilters.fromQuery({ delivery_region: "GB:Scotland" });

describe("checked writes racing themselves", () => {
  it("never lets a carrier keep more than 20 saved searches", async () => {
    const carrier = await createCarrier();
    await db().savedSearch.createMany({ data: Array.from({ length: MAX_SEARCHES_PER_USER - 2 }, (_, i) => ({ userId: carrier.id, name: `Kept ${i}`, filters: savedFilters.serialise(filters) })) });

    const outcomes = await Promise.all(times(10, (i) => createSavedSearch(carrier, { name: `New ${i}`, filters })));

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(await db().savedSearch.count({ where: { userId: carrier.id } })).toBe(MAX_SEARCHES_PER_USER);
  });

  it("never lets a carrier keep two searches of one name", async () => {
    const carrier = await createCarrier();

    const outcomes = await Promise.all(times(10, () => createSavedSearch(carrier, { name: "Scotland", filters })));

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await db().savedSearch.count({ where: { userId: carrier.id } })).toBe(1);
  });

  it("makes one user of an invitation accepted in several tabs at once", async () => {
    const admin = await createCarrier();
    const email = `invited-${Date.now()}@test.example`;
    const invitation = await db().invitation.create({ data: { accountId: admin.accountId, email, name: "Ivy", role: "member", invitedById: admin.id, expiresAt: new Date(Date.now() + 86_400_000) } });

    const outcomes = await Promise.all(times(5, () => acceptInvitation(invitation.id, { name: "Ivy", password: "password123" })));

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it("keeps one document of a kind when a carrier's first save arrives several times at once", async () => {
    const carrier = (await findUserWithAccount((await createCarrier({ documents: false })).id))!;
    const input = COMPLIANCE_SCHEMAS.operator_licence.parse({ reference: "OB1234567", licence_type: "standard_national", expires_on: "2031-05-01" });

    const outcomes = await Promise.all(times(8, () => saveComplianceDocument(carrier, "operator_licence", input)));

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(8);
    expect(await db().complianceDocument.count({ where: { accountId: carrier.accountId } })).toBe(1);
  });

  it("leaves one open invitation when the same address is invited several times at once", async () => {
    const admin = (await findUserWithAccount((await createCarrier()).id))!;
    const email = `twice-${Date.now()}@test.example`;
    const input = invitationSchema("carrier").parse({ name: "Ivy", email, role: "member" });

    const outcomes = await Promise.all(times(6, () => invite(admin, input, "https://loadline.test")));

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(6);
    expect(await db().invitation.count({ where: { accountId: admin.accountId, email, revokedAt: null, acceptedAt: null } })).toBe(1);
  });
});
