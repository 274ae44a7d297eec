import type { Generated } from "kysely";

/** A member's favorite folder (migration 0022_favorite_folders). */
export type FavoriteFolderTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  public: Generated<number>;
  work_count: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type FolderWorkTable = { folder_id: number; work_id: number; created_at: number };
