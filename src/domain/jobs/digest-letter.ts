import { count } from "#domain/format/count.ts";

// The hourly e-mail of new jobs for a carrier: those its saved searches matched and those found along
// its planned empty journeys, in one letter (at most one an hour: digestDue). Each job is listed once,
// with the searches it matched and the journeys it fits, and a link to it.

export type DigestJob = { id: number; reference: string; route: string; when: string; searches: readonly string[]; journeys: readonly string[] };
export type Letter = { subject: string; text: string };

export function digestLetter(facts: { name: string; origin: string; jobs: readonly DigestJob[] }): Letter {
  const origin = facts.origin.replace(/\/+$/, "");
  const one = facts.jobs.length === 1;
  const howMany = count(facts.jobs.length, "new job");
  const bySearch = facts.jobs.some((job) => job.searches.length);
  const byJourney = facts.jobs.some((job) => job.journeys.length);
  const about = bySearch && byJourney ? "for your saved searches and planned journeys" : bySearch ? `${one ? "matches" : "match"} your saved searches` : "along your planned journeys";
  const intro = bySearch && byJourney
    ? `${howMany} on Loadline ${one ? "matches" : "match"} your saved searches or planned empty journeys`
    : bySearch ? `${howMany} on Loadline ${one ? "matches" : "match"} your saved searches` : `${howMany} on Loadline ${one ? "collects" : "collect"} along your planned empty journeys`;
  const footer = [
    bySearch ? `Change or delete your saved searches at ${origin}/saved_searches` : null,
    byJourney ? `See or delete your journeys at ${origin}/availability` : null,
  ].filter(Boolean);
  return {
    subject: `${howMany} ${about}`,
    text: `Hello ${facts.name},\n\n${intro}:\n\n${facts.jobs.map((job) => jobLines(job, origin)).join("\n")}\n` +
      `We send at most one of these e-mails an hour. ${footer.join(". ")}\n`,
  };
}

function jobLines(job: DigestJob, origin: string): string {
  const searches = job.searches.length ? `Matches ${job.searches.map((name) => `“${name}”`).join(", ")}\n` : "";
  const journeys = job.journeys.length ? `Along ${job.journeys.join(", ")}\n` : "";
  return `${job.reference}\n${job.route} · ${job.when}\n${searches}${journeys}${origin}/jobs/${job.id}\n`;
}
