import { useRouteLoaderData } from "react-router";
import type { loader } from "../root.tsx";
import { unpack } from "../speed/packed.ts";

/**
 * What every page knows from the root loader: the site's settings, its nodes, the signed-in user, the theme.
 * Undefined only while an error boundary renders without the root's data.
 */
export function useSite() {
  const packed = useRouteLoaderData<typeof loader>("root");
  return packed && unpack(packed);
}
