import { Router } from "express";
import { renderPage } from "#server/render.server.ts";
import { homePathFor } from "#server/auth.server.ts";

export function homeRouter(): Router {
  return Router().get("/", async (req, res) => {
    if (req.user) return res.redirect(303, homePathFor(req.user));
    await renderPage(req, res, "home/index", { title: "UK freight and haulage marketplace" });
  });
}
