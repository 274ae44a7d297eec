import { endpoints } from "../lib/endpoint.ts";
import { search } from "../../contract/site/endpoints.ts";
import { parseBody } from "../lib/validate.ts";
import { searchArt, searchPeople, suggest } from "../services/search/search.ts";
import { searchSchema, userSearchSchema } from "../../contract/search/schemas.ts";

export const searchRoutes = endpoints()
  .answer(search.works, async (c) => searchArt(c.deps, await parseBody(c, searchSchema), c.user?.id))
  .answer(search.people, async (c) => searchPeople(c.deps, await parseBody(c, userSearchSchema), c.user?.id))
  .answer(search.suggest, async (c) => suggest(c.deps, (c.query.q ?? "").trim())).all;
