/**
 * "Translate this screen": while on, a tap on a visible translated text
 * opens a small editor for its key over the screen, where the text stands (the screen itself
 * stays as it is behind it). How a text is mapped to its key: #i18n/context-capture. Loaded
 * only when a translator switches the mode on.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keysForText } from '#i18n/context-capture';
import { setContextTranslation } from '#i18n/context-mode';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { TranslationEditor } from './translation-editor.tsx';
import { useTraduccionesData } from './use-traducciones-data.ts';
import './traducciones.css';

/** The keys of the tapped element's text, or of the nearest ancestor whose text is one. */
function keysAt(target: Element): string[] {
  let element: Element | null = target;
  for (let depth = 0; element && depth < 3; depth += 1) {
    const keys = keysForText(element.textContent ?? '');
    if (keys.length > 0) return keys;
    element = element.parentElement;
  }
  return [];
}

export function ContextTranslator() {
  const { t } = useTranslation();
  const { items } = useTraduccionesData();
  const [keys, setKeys] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const target = event.target;
      if (!(target instanceof Element)) return;
      // The bar and the editor's dialog work as usual.
      if (bar.current?.contains(target) || target.closest('[role="dialog"]')) return;
      const found = keysAt(target);
      if (found.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      setKeys(found);
      setChosen(found[0] ?? null);
    }
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  const item = items?.find((i) => i.key === chosen);
  return (
    <>
      <div ref={bar} className="context-translate-bar" role="status" data-testid="context-bar">
        <span>{t('traducciones.context.hint')}</span>
        <Button onClick={() => setContextTranslation(false)}>
          {t('traducciones.context.stop')}
        </Button>
      </div>
      <Modal
        open={item !== undefined}
        title={t('traducciones.context.title', { key: chosen ?? '' })}
        onClose={() => setChosen(null)}
        size="md"
      >
        {keys.length > 1 ? (
          <select
            aria-label={t('traducciones.context.whichKey')}
            value={chosen ?? ''}
            onChange={(event) => setChosen(event.target.value)}
          >
            {keys.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        ) : null}
        {item ? (
          <TranslationEditor key={item.key} item={item} onDone={() => setChosen(null)} />
        ) : null}
      </Modal>
    </>
  );
}
