import type { AuthorView } from "../people/views.ts";
import type { Page } from "../shared/page.ts";
import type { WorkCardView } from "../works/views.ts";

/** A favorite folder (收藏夹) as a list of them shows it; `has`: whether the work asked about is in it. */
export type FolderView = {
  folderId: number;
  name: string;
  public: boolean;
  workCount: number;
  has?: boolean;
};

/** A folder's page: whose it is, and its works, the latest put in first. */
export type FolderPageView = { folder: FolderView; user: AuthorView; works: Page<WorkCardView> };
