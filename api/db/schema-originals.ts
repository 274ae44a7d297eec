import type { Generated } from "kysely";

/** Originals protected (issue 59): pictures' prints and the pairs found among them. */

/** An uploaded picture's perceptual hash (64 bits as hex) and its four 16-bit bands, by which near ones are found. */
export type PicturePrintTable = {
  upload_id: number;
  user_id: number;
  hash: string;
  b0: number;
  b1: number;
  b2: number;
  b3: number;
  created_at: number;
};

/** A work's picture like another member's earlier one: found once, told once. */
export type PictureMatchTable = {
  id: Generated<number>;
  work_id: number;
  user_id: number;
  original_work_id: number;
  original_user_id: number;
  picture: string;
  distance: number;
  created_at: number;
};
