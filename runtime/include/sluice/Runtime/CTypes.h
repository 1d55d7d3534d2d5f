/*===- CTypes.h - Handle types shared by the Sluice runtime C headers ------===
 *
 * Plain C. Included by the core C API (Core/CApi.h) and the module ABI
 * (Module/ModuleAbi.h) so that both name the same handle types.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SLUICE_RUNTIME_CTYPES_H
#define SLUICE_RUNTIME_CTYPES_H

typedef struct sluice_status_s *sluice_status_t; /* NULL = OK */
typedef struct sluice_device_s sluice_device_t;
typedef struct sluice_semaphore_s sluice_semaphore_t;
typedef struct sluice_fence_s sluice_fence_t;
typedef struct sluice_buffer_s sluice_buffer_t;
typedef struct sluice_buffer_view_s sluice_buffer_view_t;
typedef struct sluice_file_s sluice_file_t;

#endif /* SLUICE_RUNTIME_CTYPES_H */
