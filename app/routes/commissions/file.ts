import type { Route } from "./+types/file";
import { apiClient } from "../../lib/api.server.ts";
import { idParam } from "../../lib/params.ts";
import { openCommissionFile } from "../../lib/upstream/commissions.ts";

/**
 * A commission's delivered picture (`?size=full` for the picture itself): the API answers it to the two parties only,
 * with the token this page's cookie holds; anyone else finds nothing. Never kept by a shared cache.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, "图片不存在");
  const n = idParam(params.n, "图片不存在");
  const api = apiClient(request, context);
  const size = new URL(request.url).searchParams.get("size") === "full" ? "full" : "640";
  const answer = api.token ? await openCommissionFile(api, id, n, size) : null;
  if (!answer || answer.status !== 200) return new Response("图片不存在", { status: 404 });
  return new Response(answer.body, {
    headers: {
      "Content-Type": answer.headers.get("content-type") ?? "image/webp",
      "Cache-Control": "private, no-store",
    },
  });
}
