// Mantine's base styles, in Mantine's order, under `@layer mantine` like every component's stylesheet
// (the build adds those per module: scripts/mantine-css.ts). Both roots import this first.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
