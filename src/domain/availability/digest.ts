import { count } from "#domain/format/count.ts";
import type { Letter } from "#domain/jobs/saved-search.ts";

// The hourly e-mail of jobs found along a carrier's planned empty journeys: each job once, with the
// journeys it fits and a link to it. Sent at most once an hour (the saved-search digest's rule,
// digestDue), beside that digest rather than inside it.

export type JourneyDigestJob = { id: number; reference: string; route: string; when: string; journeys: readonly string[] };

export function journeyDigestLetter(facts: { name: string; origin: string; jobs: readonly JourneyDigestJob[] }): Letter {
  const origin = facts.origin.replace(/\/+$/, "");
  const one = facts.jobs.length === 1;
  const jobs = facts.jobs.map((job) => `${job.reference}\n${job.route} · ${job.when}\nAlong ${job.journeys.join(", ")}\n${origin}/jobs/${job.id}\n`);
  const howMany = count(facts.jobs.length, "new job");
  return {
    subject: `${howMany} along your planned journeys`,
    text:
      `Hello ${facts.name},\n\n${howMany} on Loadline ${one ? "collects" : "collect"} along your planned empty journeys:\n\n` +
      `${jobs.join("\n")}\n` +
      `We send at most one of these e-mails an hour. See or delete your journeys at ${origin}/availability\n`,
  };
}
