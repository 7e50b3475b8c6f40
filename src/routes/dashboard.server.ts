import { Router } from "express";
import { homePathFor, requireUser } from "#server/auth.server.ts";
import { renderPage } from "#server/render.server.ts";
import { dashboardFor } from "#pages/dashboard.server.ts";
import { parsePeriod, PERIOD_KEYS, PERIOD_LABELS } from "#domain/charts/period.ts";

export function dashboardRouter(): Router {
  return Router().get("/dashboard", async (req, res) => {
    const user = requireUser(req);
    // The dashboard is an office's: support staff and drivers start elsewhere.
    if (user.role === "support" || user.role === "driver") return res.redirect(303, homePathFor(user));
    // Chosen months that cannot be used answer 422 beside the fields, with the default period's charts.
    const input = parsePeriod(req.query);
    const locals = {
      title: "Dashboard",
      dashboard: await dashboardFor(user, input.period),
      period: input.period,
      periodErrors: input.ok ? {} : input.errors,
      periodValues: input.ok ? input.period : input.values,
      periodKeys: PERIOD_KEYS,
      periodLabels: PERIOD_LABELS,
    };
    await renderPage(req, res, "dashboard/show", locals, input.ok ? 200 : 422);
  });
}
