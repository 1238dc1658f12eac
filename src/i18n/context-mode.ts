/** Switching "translate this screen" on or off (context-capture.ts explains the design). */
import { setCaptureMode } from './context-capture';
import { currentLanguage, i18n } from './setup';

export function setContextTranslation(on: boolean): void {
  setCaptureMode(on);
  // Every visible string is translated again, so the post-processor records what is shown.
  void i18n.changeLanguage(currentLanguage());
}
