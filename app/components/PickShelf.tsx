import { Link } from "react-router";
import type { PickView } from "../../contract/curation/views.ts";
import { WorkGrid } from "./WorkCard.tsx";

/** The works of 编辑精选 in the grid's whole-picture rows, each with the editors' reason under it. */
export function PickGrid({ picks, firstScreen = true }: { picks: PickView[]; firstScreen?: boolean }) {
  const notes = new Map(picks.filter((p) => p.reason).map((p) => [p.work.artId, p.reason]));
  return <WorkGrid works={picks.map((p) => p.work)} notes={notes} firstScreen={firstScreen} testId="pick-grid" />;
}

/** The home page's shelf of the latest picks (a phone shows the first pair), leading to the whole listing. */
export function PickShelf({ picks }: { picks: PickView[] }) {
  if (!picks.length) return null;
  return (
    <section className="pick-shelf mb-6" aria-labelledby="pick-shelf-title">
      <header className="mb-3 flex items-baseline gap-3">
        <h2 id="pick-shelf-title" className="text-lg font-semibold">
          编辑精选
        </h2>
        <p className="hidden text-sm text-muted sm:block">管理员挑选的好作品，附上挑选的理由</p>
        <Link to="/picks" className="ml-auto text-sm text-primary hover:underline">
          全部精选 →
        </Link>
      </header>
      <PickGrid picks={picks} firstScreen={false} />
    </section>
  );
}
