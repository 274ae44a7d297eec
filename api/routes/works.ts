import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { artIdParam, parseBody } from "../lib/validate.ts";
import { workSchema } from "../../contract/schemas.ts";
import { createWork, deleteWork, updateWork, type WorkInput } from "../services/publish.ts";

const toInput = (w: z.output<typeof workSchema>): WorkInput => ({
  ...w,
  type: w.type as WorkInput["type"],
  nodeId: w.nodeId ?? 0,
});

export const workRoutes = new Hono<ApiEnv>()
  .post("/create", async (c) => {
    const user = requireUser(c);
    return ok(c, await createWork(c.get("deps"), user, toInput(await parseBody(c, workSchema))));
  })
  .post("/update/:id", async (c) => {
    const user = requireUser(c);
    return ok(c, await updateWork(c.get("deps"), user, artIdParam(c), toInput(await parseBody(c, workSchema))));
  })
  .post("/delete/:id", async (c) => {
    const user = requireUser(c);
    await deleteWork(c.get("deps"), user, artIdParam(c));
    return ok(c, null);
  });
