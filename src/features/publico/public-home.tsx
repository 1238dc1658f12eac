/**
 * Public home (/): the animated mark and the name over a landscape of the
 * northern jungle of Chiapas whose layers move at different speeds as the page scrolls
 * (parallax, off for reduced motion), the one-line presentation — micro-loans and social
 * economy — and three short highlights, with the ways on: about us and the login.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AnimatedLogo } from './animated-logo.tsx';
import { useParallax } from './use-parallax.ts';
import './publico.css';

const HIGHLIGHTS = ['microcredit', 'socialEconomy', 'offline'] as const;

/** The hero's landscape: the sun, far hills, near hills, the jungle's edge (decoration only). */
function Landscape() {
  return (
    <div className="hero-landscape" aria-hidden="true">
      <div className="hero-sun" />
      <svg className="hero-layer hero-layer-far" viewBox="0 0 1440 320" preserveAspectRatio="none">
        <path d="M0 210 C160 150 260 170 380 140 S620 90 760 130 1040 170 1180 120 1380 110 1440 130 V320 H0 Z" />
      </svg>
      <svg className="hero-layer hero-layer-mid" viewBox="0 0 1440 320" preserveAspectRatio="none">
        <path d="M0 250 C120 220 220 200 340 215 S560 250 700 205 960 160 1100 205 1340 240 1440 215 V320 H0 Z" />
      </svg>
      <svg className="hero-layer hero-layer-near" viewBox="0 0 1440 320" preserveAspectRatio="none">
        <path d="M0 288 C70 262 110 280 160 266 S250 240 300 262 380 290 450 268 560 236 620 258 730 292 800 270 900 240 980 262 1080 294 1150 272 1260 244 1320 262 1400 286 1440 276 V320 H0 Z" />
      </svg>
    </div>
  );
}

export function PublicHome() {
  const { t } = useTranslation();
  const heroRef = useParallax<HTMLDivElement>();
  return (
    <section className="screen public-home">
      <div className="public-hero" ref={heroRef} data-testid="public-hero">
        <Landscape />
        <div className="public-hero-content">
          <AnimatedLogo />
          <h1 className="public-hero-title">{t('app.name')}</h1>
          <p className="public-hero-tagline">{t('public.tagline')}</p>
          <p className="public-hero-lead">{t('public.homeLead')}</p>
          <div className="public-hero-actions">
            <Link className="btn btn-primary" to="/conocenos">
              {t('public.home.aboutLink')}
            </Link>
            <Link className="btn btn-secondary" to="/acceso">
              {t('public.goToLogin')}
            </Link>
          </div>
        </div>
      </div>
      <ul className="public-highlights">
        {HIGHLIGHTS.map((key) => (
          <li key={key} className="public-highlight">
            <h2 className="public-highlight-title">{t(`public.home.${key}.title`)}</h2>
            <p>{t(`public.home.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
