/**
 * The public home's parallax: while the page scrolls, the hero's landscape layers move at
 * their own speeds (publico.css reads `--parallax`, the scrolled pixels, from the hero). One
 * passive scroll listener, at most one style write per frame; nothing at all when the person
 * asked for reduced motion (and the layers then stay put even if that preference changes).
 */
import { useEffect, useRef } from 'react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

export function useParallax<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion()) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      // Only the hero's own height matters: past it the layers are out of sight.
      const scrolled = Math.min(window.scrollY, element.offsetHeight);
      element.style.setProperty('--parallax', `${scrolled}`);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    const media =
      typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
    const onPreference = () => {
      if (!media?.matches) return;
      window.removeEventListener('scroll', onScroll);
      element.style.removeProperty('--parallax');
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    media?.addEventListener('change', onPreference);
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      media?.removeEventListener('change', onPreference);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return ref;
}
