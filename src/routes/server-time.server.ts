import { Router } from "express";

export function serverTimeRouter(): Router {
  return Router().get("/api/v1/server_time", (_req, res) => {
    res.set("Cache-Control", "no-store").json(Date.now());
  });
}
