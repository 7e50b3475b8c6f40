// How big one job may be. Each bound keeps one request's work small: a job's award writes one stop
// per load and location, so loads × locations must stay in the tens of thousands.

/** Loads one job can have, however they are scheduled. */
export const MAX_LOADS_PER_JOB = 1000;
/** Pickups, and separately deliveries, on one job. */
export const MAX_LOCATIONS_PER_SIDE = 10;
