import { type ComponentType, useEffect, useState } from 'react';

/**
 * Where a screen offers installing the app (install-offer.tsx): loaded after the screen has mounted,
 * so neither the screen's first load nor its server render carries any of it, and nothing suspends.
 */
export function InstallOfferSlot() {
  const [Offer, setOffer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('./install-offer.tsx').then((m) => {
      if (mounted) setOffer(() => m.InstallOffer);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return Offer ? <Offer /> : null;
}
