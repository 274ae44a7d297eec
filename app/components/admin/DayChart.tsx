import type { DayCounts } from "../../../contract/admin/views.ts";

const series = [
  { key: "signups", label: "注册", color: "#e76f51" },
  { key: "works", label: "作品", color: "#2a9d8f" },
  { key: "comments", label: "评论", color: "#e9c46a" },
  { key: "likes", label: "点赞", color: "#8e7dbe" },
  { key: "active", label: "活跃用户", color: "#3a86ff" },
] as const;

// A narrow drawing keeps its text readable when a phone scales it down; on a desktop it is held to a readable width.
const W = 420;
const H = 210;
const PAD = { left: 32, right: 8, top: 10, bottom: 22 };

/**
 * The dashboard's 30 days, drawn on the server as SVG (no chart library, no JavaScript): one line per series over
 * a shared scale, a legend, and the numbers as a table for screen readers and for reading exact values.
 */
export function DayChart({ days }: { days: DayCounts[] }) {
  const max = Math.max(1, ...days.flatMap((d) => series.map((s) => d[s.key])));
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, days.length - 1);
  const y = (v: number) => PAD.top + (1 - v / max) * (H - PAD.top - PAD.bottom);
  const ticks = [0, Math.round(max / 2), max];
  return (
    <figure className="rounded-2xl border border-line bg-surface p-4">
      <figcaption className="mb-2 text-sm font-medium">近30天</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-3xl"
        role="img"
        aria-label="近30天注册、作品、评论、点赞与活跃用户"
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity="0.12" />
            <text x={PAD.left - 4} y={y(t) + 4} textAnchor="end" fontSize="11" fill="currentColor" opacity="0.6">
              {t}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          (days.length - 1 - i) % 7 === 0 ? (
            <text
              key={d.day}
              x={x(i)}
              y={H - 6}
              // The last date ends at the right edge rather than straddling it (half of it was cut off); the first
              // starts at the axis.
              textAnchor={i === days.length - 1 ? "end" : i === 0 ? "start" : "middle"}
              fontSize="11"
              fill="currentColor"
              opacity="0.6"
            >
              {d.day.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <polyline
            key={s.key}
            fill="none"
            stroke={s.color}
            strokeWidth="2"
            strokeLinejoin="round"
            points={days.map((d, i) => `${x(i).toFixed(1)},${y(d[s.key]).toFixed(1)}`).join(" ")}
          />
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1">
            <span className="inline-block h-2 w-3 rounded-sm" style={{ background: s.color }} aria-hidden />
            {s.label}
          </li>
        ))}
      </ul>
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-muted">查看数据</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-right">
            <thead>
              <tr>
                <th className="text-left">日期</th>
                {series.map((s) => (
                  <th key={s.key}>{s.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <td className="text-left">{d.day}</td>
                  {series.map((s) => (
                    <td key={s.key}>{d[s.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
