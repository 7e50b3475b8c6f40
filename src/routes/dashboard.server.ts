import { Router } from "express";
import { requireUser } from "#server/auth.server.ts";
import { renderPage } from "#server/render.server.ts";
import { dashboardFor } from "#models/dashboard.server.ts";

export function dashboardRouter(): Router {
  return Router().get("/dashboard", async (req, res) => {
    const user = requireUser(req);
    if (user.role === "support") return res.redirect(303, "/admin");
    await renderPage(req, res, "dashboard/show", { title: "Dashboard", dashboard: await dashboardFor(user) });
  });
}
