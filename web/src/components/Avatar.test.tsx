import { fireEvent, render } from "@testing-library/react";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { ConfigProvider } from "../lib/config-context.tsx";
import { createPictureAccess } from "../lib/picture-access.ts";
import { TEST_CONFIG } from "../test/helpers.tsx";
import { Avatar } from "./Avatar.tsx";

const show = () =>
  render(
    <ConfigProvider config={TEST_CONFIG}>
      <Avatar type="thing" id="a1" name="Private Planter" hasImage alt="Picture of Private Planter" />
    </ConfigProvider>,
  );

describe("Avatar", () => {
  it("shows the initials when the picture can't be had", () => {
    const { container, getByRole } = show();
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    expect(getByRole("img", { name: "Picture of Private Planter" }).textContent).toBe("PP");
  });

  it("asks a private picture again when its 404 arrives after the pictures cookie was set (CI, e2e things)", async () => {
    const access = createPictureAccess("http://api.test/graphql", async () => new Response(null, { status: 204 }));
    const { container } = show();
    const first = container.querySelector("img")!;
    await act(() => access.sync("avatar-token-1"));
    fireEvent.error(first);
    const second = container.querySelector("img");
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(second!.getAttribute("src")).toMatch(/\/images\/thing\/a1\/thumb\.webp$/);
  });

  it("asks a failed picture again once the pictures cookie changes", async () => {
    const access = createPictureAccess("http://api.test/graphql", async () => new Response(null, { status: 204 }));
    const { container } = show();
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    await act(() => access.sync("avatar-token-2"));
    expect(container.querySelector("img")).not.toBeNull();
  });
});
