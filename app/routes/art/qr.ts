import QRCode from "qrcode";
import type { Route } from "./+types/qr";
import { webContext } from "../../lib/context.ts";

/**
 * The QR code of a work's address, for sharing to WeChat. Its own URL, so it is drawn only when someone opens the
 * share menu (not on every page view) and browsers keep it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw new Response("Not Found", { status: 404 });
  // The site's configured address (SITE_URL), never the request's Host header.
  const svg = await QRCode.toString(`${context.get(webContext).siteUrl}/art/${params.id}`, {
    type: "svg",
    margin: 0,
    errorCorrectionLevel: "M",
  });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
