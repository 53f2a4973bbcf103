import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../common/constants';

export type SaveState = 'idle' | 'saving' | 'saved';

/**
 * Spec 2 §4 save indicator: idle, saving, then saved for LIMITS.savedIndicatorMs before it
 * reverts. `run(save)` drives it around any promise; a failure returns to idle and rethrows.
 */
export function useSaveState() {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useCallback(async <T>(save: () => Promise<T>): Promise<T> => {
    clearTimeout(timer.current);
    setState('saving');
    try {
      const result = await save();
      setState('saved');
      timer.current = setTimeout(() => setState('idle'), LIMITS.savedIndicatorMs);
      return result;
    } catch (err) {
      setState('idle');
      throw err;
    }
  }, []);
  return { state, run };
}
