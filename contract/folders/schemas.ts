import { z } from "zod";
import { checkbox, id, text } from "../shared/fields.ts";
import { folderLimits } from "../shared/limits.ts";

export const folderSchema = z.object({ name: text("收藏夹名称", { max: folderLimits.name }), public: checkbox });

/** Puts a work in a folder (on) or takes it out. */
export const folderWorkSchema = z.object({ workId: id("作品"), on: checkbox });
