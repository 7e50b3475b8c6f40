/** Staff on the company's own e-mail domain are never identified in analytics. */
export function isOwnDomainEmail(email: string, companyDomain: string): boolean {
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  const own = companyDomain.toLowerCase();
  return domain === own || domain.endsWith(`.${own}`);
}
