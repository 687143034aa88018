// Shows `fallback` when a map fails to start (no WebGL, a failed chunk). A file of its own: /map
// needs only this of LocationMap.tsx, whose chunk brings the environment panels' texts and formats.
import { Component, type ReactNode } from "react";

export class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn("[map] could not start:", error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
