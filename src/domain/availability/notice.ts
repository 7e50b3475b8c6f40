import type { NotificationContent } from "#domain/messaging/notification-content.ts";

// What a carrier hears when a job collects along one of its planned empty journeys.

type Facts = { jobId: number; reference: string; route: string; when: string; journey: string; detourMiles: number };

const miles = (n: number) => `${n} ${n === 1 ? "mile" : "miles"}`;

/** One notice per job and person, naming the (first) journey it fits and the detour to collect it. */
export const journeyMatchNotice = (f: Facts): NotificationContent => ({
  kind: "journey_match",
  title: `Job along your journey ${f.journey}: ${f.reference}`,
  body: `${f.route} · ${f.when} · ${miles(f.detourMiles)} out of your way`,
  path: `/jobs/${f.jobId}`,
});
