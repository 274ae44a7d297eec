import { useEffect, useRef, useState } from "react";
import { avatarColor, avatarLetter, type AvatarSize } from "./avatar-letter.ts";

export type AvatarUser = {
  nickname?: string | null;
  username?: string | null;
  avatar?: string | null;
  smallAvatar?: string | null;
};

/**
 * requirements §3: the picture, or when there is none or it fails to load, the first letter on a colour of its own.
 * Beside a printed name it is decorative (alt=""), so a screen reader does not read the name twice; `alone` is for
 * where the picture is all there is to name the person (a link of its own), and then it carries the nickname.
 */
export function Avatar({
  user,
  size = 50,
  className = "",
  alone = false,
}: {
  user: AvatarUser;
  size?: AvatarSize;
  className?: string;
  alone?: boolean;
}) {
  const src = (size <= 60 ? user.smallAvatar || user.avatar : user.avatar || user.smallAvatar) || "";
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // The image may fail before React hydrates and attaches onError; check once on mount. (Avatars are not
  // lazy-loaded: a lazy image that has not started loading would look broken to this check.)
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, [src]);
  const style = { width: size, height: size };
  const label = alone ? user.nickname || user.username || "" : "";
  if (!src || failed) {
    const letter = avatarLetter(user);
    return (
      <span
        {...(alone ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
        className={className ? `avatar-letter ${className}` : "avatar-letter"}
        style={{ ...style, background: avatarColor(letter), fontSize: Math.max(10, Math.round(size * 0.45)) }}
      >
        {letter}
      </span>
    );
  }
  return (
    <img
      ref={img}
      src={src}
      alt={label}
      width={size}
      height={size}
      decoding="async"
      onError={() => setFailed(true)}
      className={className ? `avatar ${className}` : "avatar"}
      style={style}
    />
  );
}
