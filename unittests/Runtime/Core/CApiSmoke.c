/* Compiled as C: the C API headers must be valid C. */
#include "sluice/Runtime/Core/CApi.h"

int sluice_capi_c_smoke(void) {
  sluice_device_t *device = NULL;
  sluice_semaphore_t *semaphore = NULL;
  sluice_fence_t *fence = NULL;
  sluice_buffer_t *buffer = NULL;
  unsigned char pattern = 0x5A;
  void *data = NULL;
  int ok = 0;
  if (sluice_device_create(1, &device) || sluice_semaphore_create(0, &semaphore) ||
      sluice_fence_create(&fence) || sluice_fence_insert(fence, semaphore, 1))
    return 0;
  if (!sluice_queue_alloca(device, ~0ull, NULL, NULL, 0x46, 0x1000003, 32, &buffer) &&
      !sluice_queue_fill(device, ~0ull, NULL, fence, buffer, 0, 32, &pattern, 1) &&
      !sluice_fence_wait(fence, -1) && !sluice_buffer_map(buffer, 1, 0, 32, &data))
    ok = ((unsigned char *)data)[31] == 0x5A;
  {
    /* The fences of sluice_fence_create_at / _pending are pending until
     * signalled (an empty fence from sluice_fence_create is reached). */
    sluice_fence_t *at = NULL, *pending = NULL;
    int reached = -1, pendingReached = -1;
    if (sluice_fence_create_at(semaphore, 2, &at) ||
        sluice_fence_create_pending(&pending) ||
        sluice_fence_query(at, &reached) ||
        sluice_fence_query(pending, &pendingReached) || reached != 0 ||
        pendingReached != 0)
      ok = 0;
    sluice_fence_release(at);
    sluice_fence_release(pending);
  }
  sluice_buffer_release(buffer);
  sluice_fence_release(fence);
  sluice_semaphore_release(semaphore);
  sluice_device_release(device);
  return ok;
}
