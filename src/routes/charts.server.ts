import { Router, type Response } from "express";
import { requireUser } from "#server/auth.server.ts";
import { renderPartial } from "#server/render.server.ts";
import { dispositionOf } from "#server/stored-file.server.ts";
import { found } from "#lib/errors.server.ts";
import { chartCsv, chartFileName, chartView, type Chart } from "#domain/charts/chart.ts";
import { parsePeriod } from "#domain/charts/period.ts";
import { dashboardChart } from "#pages/dashboard/charts.server.ts";
import { callOffMonths, followsCallOffs } from "#models/call-offs.server.ts";
import { callOffChart } from "#pages/call-offs-chart.server.ts";
import { requireViewableJob } from "#models/jobs.server.ts";

/** Dashboard charts' figures as CSV, and a contract job's call-offs against its estimates. */
export function chartsRouter(): Router {
  const router = Router();

  router.get("/dashboard/charts/:chart.csv", async (req, res) => {
    const user = requireUser(req);
    const input = parsePeriod(req.query);
    if (!input.ok) return res.status(422).type("text").send(Object.values(input.errors).join("\n"));
    const chart = found(await dashboardChart(user, req.params.chart, input.period));
    sendCsv(res, chart, chartFileName(chart, input.period));
  });

  router.get("/jobs/:id/call_offs", async (req, res) => {
    const user = requireUser(req);
    const job = await requireViewableJob(user, req.params.id);
    found(job.jobType === "contract");
    const months = (await followsCallOffs(user, job)) ? await callOffMonths(job) : null;
    const view = months && chartView(callOffChart(months), `/jobs/${job.id}/call_offs.csv`);
    const html = await renderPartial(req, res, "jobs/_call_offs_frame", { job, months, view });
    res.type("html").send(`<turbo-frame id="call-offs">${html}</turbo-frame>`);
  });

  router.get("/jobs/:id/call_offs.csv", async (req, res) => {
    const user = requireUser(req);
    const job = await requireViewableJob(user, req.params.id);
    found(await followsCallOffs(user, job));
    sendCsv(res, callOffChart(await callOffMonths(job)), `call-offs-job-${job.id}.csv`);
  });

  return router;
}

function sendCsv(res: Response, chart: Chart, filename: string) {
  res.set("Content-Disposition", dispositionOf(filename, "attachment")).set("Cache-Control", "private, no-store").type("text/csv; charset=utf-8").send(chartCsv(chart));
}
