import { endpoints } from "../lib/endpoint.ts";
import { search } from "../../contract/site/endpoints.ts";
import { searchArt, searchPeople, suggest } from "../services/search/search.ts";

export const searchRoutes = endpoints()
  .answer(search.works, async (c) => searchArt(c.deps, c.input.body, c.user?.id))
  .answer(search.people, async (c) => searchPeople(c.deps, c.input.body, c.user?.id))
  .answer(search.suggest, async (c) => suggest(c.deps, c.input.query.q.trim())).all;
