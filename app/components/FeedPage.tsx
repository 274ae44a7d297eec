import type { SuggestedPersonView } from "../../contract/people/views.ts";
import type { Packed } from "../speed/packed.ts";
import { WhoToFollow } from "./WhoToFollow.tsx";
import { FeedHeader } from "./FeedHeader.tsx";
import { WorkFeed } from "./WorkFeed.tsx";
import { useSite } from "../lib/site.ts";
import type { CardPage } from "../lib/work.ts";

/** A feed of works under the strip of feeds and nodes: the home page, new horizons. */
export function FeedPage({
  title,
  description,
  page,
  people,
  above,
  index = false,
}: {
  title: string;
  description?: string;
  page: CardPage;
  /** Who to follow, shown above the works. */
  people?: Packed<SuggestedPersonView[]>;
  /** What stands between the strip and the works: the home page's shelf of 编辑精选. */
  above?: React.ReactNode;
  index?: boolean;
}) {
  const site = useSite();
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title={title} description={description} />
      {above}
      {people && <WhoToFollow people={people} />}
      {/* The cards' titles are h3: the list has its heading, read and not shown. */}
      <h2 className="sr-only">作品</h2>
      <WorkFeed page={page} index={index} />
    </main>
  );
}
