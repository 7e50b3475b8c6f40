import express from "express";
import type { Redis } from "ioredis";

// Placeholder: the public API under /api/v2 (its owner replaces this file).
export function apiRouter(_options: { redis: Redis | null }): express.Router {
  return express.Router();
}
