import sharp from "sharp";

/** A picture with something in it, drawn from a seed (circles on paper): each seed a different picture. */
export async function drawing(seed: number, width = 800, height = 600): Promise<Buffer> {
  const shapes = Array.from({ length: 12 }, (_, i) => {
    const r = (n: number) => {
      const x = Math.sin(seed * 12.9898 + i * 78.233 + n * 37.719) * 43758.5453;
      return x - Math.floor(x);
    };
    return `<circle cx="${r(1) * width}" cy="${r(2) * height}" r="${20 + r(3) * 120}" fill="hsl(${r(4) * 360},70%,${30 + r(5) * 40}%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4efe6"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
