import { describe, it, expect, vi } from "vitest";
import { renderHook, act } from "@testing-library/react";
import { createPictureAccess, usePictureAccessVersion } from "./picture-access.ts";

describe("picture access (the pictures cookie)", () => {
  it("posts the token to /images/session on the API's origin, once per token, and tells components", async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    const access = createPictureAccess("https://api.example.org/graphql", fetchImpl as unknown as typeof fetch);
    const { result } = renderHook(() => usePictureAccessVersion());
    const before = result.current;

    await act(() => access.sync("token-a"));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith("https://api.example.org/images/session", {
      method: "POST",
      headers: { authorization: "Bearer token-a" },
      credentials: "same-origin",
    });
    expect(result.current).toBe(before + 1);

    // The same token again: nothing to do. Two calls at once for a new one: one request.
    await act(() => access.sync("token-a"));
    await act(() => Promise.all([access.sync("token-b"), access.sync("token-b")]));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(result.current).toBe(before + 2);
  });

  it("never throws: a refused or failed request leaves the version alone and is tried again next time", async () => {
    const fetchImpl = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValueOnce(new Response("{}", { status: 401 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const access = createPictureAccess("/graphql", fetchImpl as unknown as typeof fetch);
    const { result } = renderHook(() => usePictureAccessVersion());
    const before = result.current;
    await act(() => access.sync("t"));
    await act(() => access.sync("t"));
    expect(result.current).toBe(before);
    await act(() => access.sync("t"));
    expect(result.current).toBe(before + 1);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });
});
