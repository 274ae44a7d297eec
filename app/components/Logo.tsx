export function Logo({ title }: { title: string }) {
  return (
    <span className="flex items-center gap-2 font-semibold tracking-wide">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="9" fill="var(--primary)" />
        <circle cx="12" cy="13" r="5" fill="#fff" opacity="0.95" />
        <path d="M6 25 L14 17 L19 22 L23 18 L27 25 Z" fill="#fff" opacity="0.8" />
      </svg>
      <span className="text-lg">{title}</span>
    </span>
  );
}
