import { Canvas, useLoader, useThree } from '@react-three/fiber';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { DoubleSide, type PerspectiveCamera, SRGBColorSpace, TextureLoader } from 'three';
import { directionFromAngles, type View } from './sphere-math.ts';

/** Points the camera at the sphere-math view and redraws (the canvas draws only on demand). */
function CameraRig({ view }: { view: View }) {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const invalidate = useThree((state) => state.invalidate);
  useLayoutEffect(() => {
    camera.fov = view.fov;
    camera.updateProjectionMatrix();
    camera.lookAt(...directionFromAngles(view));
    invalidate();
  }, [camera, invalidate, view]);
  return null;
}

function PanoramaSphere({ url, onReady }: { url: string; onReady: () => void }) {
  const texture = useLoader(TextureLoader, url);
  texture.colorSpace = SRGBColorSpace;
  useEffect(() => onReady(), [onReady]);
  return (
    // Mirrored on x so the inside shows the image the right way round (see sphere-math.ts).
    <mesh scale={[-1, 1, 1]}>
      <sphereGeometry args={[10, 64, 32]} />
      <meshBasicMaterial map={texture} side={DoubleSide} toneMapped={false} />
    </mesh>
  );
}

/**
 * The WebGL part of the viewer: an equirectangular picture on the inside of a sphere around the
 * camera. A load or WebGL failure is thrown to the caller's error boundary.
 */
export function SphereScene({ url, view, onReady }: { url: string; view: View; onReady: () => void }) {
  return (
    <Canvas
      flat
      frameloop="demand"
      dpr={[1, 2]}
      camera={{ fov: view.fov, near: 0.1, far: 100, position: [0, 0, 0] }}
      aria-hidden
      style={{ position: 'absolute', inset: 0 }}
    >
      <CameraRig view={view} />
      <Suspense fallback={null}>
        <PanoramaSphere url={url} onReady={onReady} />
      </Suspense>
    </Canvas>
  );
}
