import { create } from 'zustand';

/**
 * The hide-amounts eye, one choice for Home's total and the Assets screens, kept while the app is
 * open (not stored on the device).
 */
type AmountsHidden = {
  hidden: boolean;
  toggleHidden: () => void;
};

export const useAmountsHidden = create<AmountsHidden>()((set) => ({
  hidden: false,
  toggleHidden: () => set((state) => ({ hidden: !state.hidden })),
}));

/** What a hidden amount shows. */
export const hiddenAmount = '******';
