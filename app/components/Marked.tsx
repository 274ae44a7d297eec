import type { Marked as Runs } from "../../contract/search/views.ts";

/** Text with the runs that matched a search wrapped in <mark>: rendered as text, never as markup. */
export function Marked({ runs }: { runs: Runs }) {
  return (
    <>
      {runs.map((r, i) =>
        r.hit ? (
          <mark key={i} className="rounded-sm bg-primary-soft px-0.5 text-primary">
            {r.text}
          </mark>
        ) : (
          r.text
        ),
      )}
    </>
  );
}
