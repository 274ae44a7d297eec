import QRCode from "qrcode";
import type { Route } from "./+types/qr";

/**
 * The QR code of a work's address, for sharing to WeChat. Its own URL, so it is drawn only when someone opens the
 * share menu (not on every page view) and browsers keep it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw new Response("Not Found", { status: 404 });
  const svg = await QRCode.toString(`${new URL(request.url).origin}/art/${params.id}`, { type: "svg", margin: 0, errorCorrectionLevel: "M" });
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
