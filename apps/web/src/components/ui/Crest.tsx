import { useState } from 'react';

type Props = {
  name: string;
  logo?: string | null;
  size?: number;
  className?: string;
  /**
   * Above the fold on first paint (the first match slide's crests are the home page's
   * largest contentful paint): loaded eagerly at high priority instead of lazily.
   */
  eager?: boolean;
};

/** A club crest (served from /clubs/*.svg); the club's initials when the image is missing. */
export function Crest({ name, logo, size = 64, className = '', eager = false }: Props) {
  const [failed, setFailed] = useState(false);
  if (!logo || failed) {
    const initials = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('');
    return (
      <span
        className={`crest crest--fallback ${className}`}
        style={{ width: size, height: size, fontSize: size * 0.34 }}
        role="img"
        aria-label={`Écusson ${name}`}
      >
        {initials || '?'}
      </span>
    );
  }
  return (
    <img
      className={`crest ${className}`}
      src={logo}
      alt={`Écusson ${name}`}
      width={size}
      height={size}
      style={{ width: size, height: size, objectFit: 'contain' }}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      onError={() => setFailed(true)}
    />
  );
}
