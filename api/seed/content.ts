/** Demo content: people, nodes and works that read like a living Chinese creative community (content.json). */
import content from "./content.json" with { type: "json" };
import type { WorkTypeName } from "../../contract/shared/kinds.ts";
import type { ArtStyle } from "./art.ts";
import type { AiLabelValue, LicenseKey } from "../../contract/works/rights.ts";

type Demo = {
  nodes: { name: string; description: string; style: ArtStyle; authors: string[] }[];
  users: { username: string; nickname: string; description: string; avatar: boolean }[];
  /** Short posts by node, each line its own post; the seed adds pictures to them. */
  posts: { node: string; tags: string[]; lines: string[] }[];
  /** Short posts without pictures, the chatter of a community. */
  chatter: string[];
  /** What members say under each other's works, and what authors answer. */
  comments: string[];
  replies: string[];
  /** Articles, projects, links and music, one picture each (links none). */
  works: {
    kind: Exclude<WorkTypeName, "post">;
    node: string;
    title: string;
    summary?: string;
    content: string;
    url?: string;
    tags: string[];
    /** What may be done with it (contract/works/rights.ts); absent: all rights kept, away from AI. */
    rights?: {
      license?: LicenseKey;
      noai?: boolean;
      ai?: AiLabelValue;
      source?: { url: string; author: string };
    };
  }[];
};

export const demo = content as Demo;
